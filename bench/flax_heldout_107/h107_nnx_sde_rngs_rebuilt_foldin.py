# label: ok
# flax-error: none
# class: 2 the scan body builds nnx.Rngs from fold_in(base_key, t) with the step t scanned over; the local drift module is read
"""Neural SDE with Euler-Maruyama, twin of h107_nnx_sde_rngs_rebuilt: the per-step Rngs is
still built inside the body, but from the base key folded with the scanned step index."""
import jax
import jax.numpy as jnp
from flax import nnx

DT, SIGMA, STEPS = 0.02, 0.5, 40


class Drift(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def main():
    drift = Drift(nnx.Rngs(0))
    base_key = jax.random.key(0)

    def em_step(x, t):
        rngs = nnx.Rngs(noise=jax.random.fold_in(base_key, t))
        dW = jnp.sqrt(DT) * jax.random.normal(rngs.noise(), x.shape)
        x = x + drift(x) * DT + SIGMA * dW
        return x, dW

    x_T, dWs = jax.lax.scan(em_step, jnp.zeros((2,)), jnp.arange(STEPS))
    print(x_T)
    return dWs
