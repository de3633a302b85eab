import { Camera } from 'lucide-react'
import { useRef } from 'react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { ApiError } from '../../../../lib/api'
import { initials, personName } from '../../../../lib/format'
import type { MyProfile } from '../../api/dashboard'
import { useUploadProfilePhoto } from '../../api/upload-profile-photo'

/** Profile photo: an image file only, re-encoded by the server. */
export function ProfilePhotoCard({ profile }: { profile: Pick<MyProfile, 'profile_photo' | 'first_name' | 'last_name'> }) {
  const input = useRef<HTMLInputElement>(null)
  const uploading = useUploadProfilePhoto()
  const busy = uploading.isPending

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    if (!file.type.startsWith('image/')) return void toast.error('Invalid file', { description: 'Please select an image file' })
    uploading.mutate(file, {
      onSuccess: () => toast.success('Profile photo updated!'),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 415) toast.error('Invalid file', { description: 'Please select an image file' })
        else toast.error('Upload failed', { description: 'Failed to upload profile photo' })
      },
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Photo</CardTitle>
      </CardHeader>
      <CardContent className="flex items-center gap-4">
        {profile.profile_photo ? (
          <img src={profile.profile_photo} alt={personName(profile.first_name, profile.last_name) || 'You'} width={80} height={80} className="h-20 w-20 rounded-full object-cover" />
        ) : (
          <div className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-900" aria-hidden="true">
            {initials(profile.first_name, profile.last_name)}
          </div>
        )}
        <input ref={input} type="file" accept="image/*" className="sr-only" aria-label="Upload profile photo" onChange={(e) => pick(e.target.files?.[0])} />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={busy}>
          <Camera className="h-4 w-4" aria-hidden="true" /> {busy ? 'Uploading...' : 'Change Photo'}
        </Button>
      </CardContent>
    </Card>
  )
}
