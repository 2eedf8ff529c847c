# label: ok
# flax-error: none
# class: 2 self.C read (never written) in the raw scan body; other params read before the loop
"""S5-style diagonal SSM layer (NNX) whose parameters are only read inside a raw scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class S5Layer(nnx.Module):
    def __init__(self, h, p, rngs):
        self.lam_re = nnx.Param(-0.5 * jnp.ones(p))
        self.lam_im = nnx.Param(jnp.pi * jnp.arange(p) / p)
        self.B = nnx.Param(0.1 * jax.random.normal(rngs.params(), (p, h)))
        self.C = nnx.Param(0.1 * jax.random.normal(rngs.params(), (h, p)))
        self.log_dt = nnx.Param(jnp.full((p,), jnp.log(0.1)))

    def discretise(self):
        lam = self.lam_re[...] + 1j * self.lam_im[...]
        dt = jnp.exp(self.log_dt[...])
        lam_bar = jnp.exp(lam * dt)
        return lam_bar, ((lam_bar - 1) / lam)[:, None] * self.B[...]

    def __call__(self, us):
        lam_bar, B_bar = self.discretise()

        def step(x, u):
            x = lam_bar * x + B_bar @ u
            return x, (self.C[...] @ x).real

        return scan(step, jnp.zeros(lam_bar.shape, jnp.complex64), us)[1]


class S5Stack(nnx.Module):
    def __init__(self, depth, h, p, rngs):
        self.layers = nnx.List([S5Layer(h, p, rngs) for _ in range(depth)])

    def __call__(self, us):
        for layer in self.layers:
            us = us + nnx.gelu(layer(us))
        return us


def main():
    model = S5Stack(2, 3, 8, nnx.Rngs(0))
    us = jax.random.normal(jax.random.key(1), (16, 3))
    ys = model(us)
    return None
