# label: ok
# flax-error: none
# class: 2 a module method (self.advance) is the scan body and returns every field as scan output; sow happens after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SpectralConv1d(nn.Module):
    width: int
    modes: int

    @nn.compact
    def __call__(self, u):
        # u: [n, width]
        w = self.param("w", nn.initializers.normal(0.02), (self.modes, self.width, self.width))
        u_ft = jnp.fft.rfft(u, axis=0)
        low = jnp.einsum("mi,mio->mo", u_ft[: self.modes], w.astype(jnp.complex64))
        out_ft = jnp.zeros_like(u_ft).at[: self.modes].set(low)
        return jnp.fft.irfft(out_ft, n=u.shape[0], axis=0)


class FNORollout(nn.Module):
    width: int = 8
    modes: int = 4
    steps: int = 5

    def setup(self):
        self.lift = nn.Dense(self.width)
        self.spec = SpectralConv1d(self.width, self.modes)
        self.skip = nn.Dense(self.width)
        self.proj = nn.Dense(1)

    def advance(self, u, _):
        h = self.lift(u)
        h = nn.gelu(self.spec(h) + self.skip(h))
        u_next = u + 0.1 * self.proj(h)
        return u_next, u_next

    def __call__(self, u0):
        self.advance(u0, None)  # create params outside the loop
        u, fields = lax.scan(self.advance, u0, None, length=self.steps)
        self.sow("intermediates", "fields", fields)
        return u


def main():
    model = FNORollout()
    u0 = jnp.sin(jnp.linspace(0, 2 * jnp.pi, 16))[:, None]
    params = model.init(jax.random.PRNGKey(0), u0)["params"]
    u_final, state = model.apply({"params": params}, u0, mutable=["intermediates"])
    traj = state["intermediates"]["fields"][0]
    err = jnp.mean((traj - u0[None]) ** 2)
    err.block_until_ready()
    return None
