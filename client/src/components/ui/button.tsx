import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { Link, type LinkProps } from 'react-router'
import { cn } from '../../lib/cn'

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-brand-700 underline-offset-4 hover:underline',
}
// A minimum height, not a fixed one: a label that wraps (a narrow phone, side-by-side buttons) grows its button instead of spilling out of it.
const sizes = { sm: 'min-h-8 px-3 py-1 text-sm', md: 'min-h-10 px-4 py-2 text-sm', lg: 'min-h-12 px-6 py-2 text-base', icon: 'h-10 w-10' }

export type ButtonVariant = keyof typeof variants
type Style = { variant?: ButtonVariant; size?: keyof typeof sizes }

export const buttonClass = ({ variant = 'primary', size = 'md' }: Style = {}, extra?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md text-center font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    variants[variant],
    sizes[size],
    extra,
  )

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & Style>(
  ({ variant, size, className, type = 'button', ...props }, ref) => (
    <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props} />
  ),
)
Button.displayName = 'Button'

export function ButtonLink({ variant, size, className, ...props }: LinkProps & Style) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />
}
