# label: ok
# flax-error: none
# class: 2 NNX Hamiltonian neural network: leapfrog physics rollout in raw lax.scan only reads the closed-over model's params
import jax
import jax.numpy as jnp
from flax import nnx


class HamiltonianNet(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, q, p):
        return self.l2(jnp.tanh(self.l1(jnp.stack([q, p], -1))))[..., 0].sum()


def leapfrog_rollout(hnet, q0, p0, dt=0.1, steps=20):
    dHdq = jax.grad(hnet, argnums=0)
    dHdp = jax.grad(hnet, argnums=1)

    def step(carry, _):
        q, p = carry
        p_half = p - 0.5 * dt * dHdq(q, p)
        q = q + dt * dHdp(q, p_half)
        p = p_half - 0.5 * dt * dHdq(q, p_half)
        return (q, p), q

    _, qs = jax.lax.scan(step, (q0, p0), None, length=steps)
    return qs


def main():
    hnet = HamiltonianNet(rngs=nnx.Rngs(0))
    qs = leapfrog_rollout(hnet, jnp.ones(5), jnp.zeros(5))
    print(qs.shape)
    return None
