# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level rollout function receives an NNX FNO with BatchNorm in training mode and calls it inside a scan closure
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SpectralConv1d(nnx.Module):
    def __init__(self, width, modes, *, rngs):
        self.modes = modes
        self.w = nnx.Param(0.02 * jax.random.normal(rngs.params(), (modes, width, width)))

    def __call__(self, u):
        u_ft = jnp.fft.rfft(u, axis=-2)
        low = jnp.einsum("...mi,mio->...mo", u_ft[..., : self.modes, :], self.w[...].astype(jnp.complex64))
        out_ft = jnp.zeros_like(u_ft).at[..., : self.modes, :].set(low)
        return jnp.fft.irfft(out_ft, n=u.shape[-2], axis=-2)


class FNOBlock(nnx.Module):
    def __init__(self, width=8, modes=4, *, rngs):
        self.lift = nnx.Linear(1, width, rngs=rngs)
        self.spec = SpectralConv1d(width, modes, rngs=rngs)
        self.skip = nnx.Linear(width, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)
        self.proj = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, u):
        h = self.lift(u)
        h = nnx.gelu(self.norm(self.spec(h) + self.skip(h)))
        return u + 0.1 * self.proj(h)


def rollout(model, u0, steps):
    def body(u, _):
        u = model(u)
        return u, u
    return scan(body, u0, None, length=steps)


def main():
    model = FNOBlock(rngs=nnx.Rngs(0))
    model.train()
    u0 = jnp.sin(jnp.linspace(0, 2 * jnp.pi, 16))[None, :, None].repeat(4, 0)
    u_T, traj = rollout(model, u0, 5)
    traj.block_until_ready()
    return None
