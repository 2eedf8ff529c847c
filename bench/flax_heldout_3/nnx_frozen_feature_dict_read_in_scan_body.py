# label: ok
# flax-error: none
# class: 5 NNX model holding Linear layers in an nnx.Dict, only read (no state writes) in a raw scan body
"""Near-miss of NNX state in a raw scan: plain Linear/LayerNorm layers have no mutable state, so
calling them from a jax.lax.scan body only reads their parameters."""
import jax
import jax.numpy as jnp
from flax import nnx


class PhysicsSurrogate(nnx.Module):
    def __init__(self, d, *, rngs: nnx.Rngs):
        self.heads = nnx.Dict({
            "force": nnx.Linear(d, d, rngs=rngs),
            "damping": nnx.Linear(d, d, rngs=rngs),
        })
        self.norm = nnx.LayerNorm(d, rngs=rngs)

    def simulate(self, x0, v0, n_steps, dt=0.05):
        def leapfrog(state, _):
            x, v = state
            a = self.heads["force"](self.norm(x)) - 0.1 * self.heads["damping"](v)
            v = v + dt * a
            x = x + dt * v
            return (x, v), x

        _, traj = jax.lax.scan(leapfrog, (x0, v0), None, length=n_steps)
        return traj


def main():
    model = PhysicsSurrogate(3, rngs=nnx.Rngs(0))
    traj = model.simulate(jnp.ones((2, 3)), jnp.zeros((2, 3)), 10)
    jax.block_until_ready(traj)
    return None
