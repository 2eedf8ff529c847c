# label: same-values
# flax-error: none
# class: 2 the scan body rebuilds nnx.Rngs(noise=0) every step for the Brownian increment; the local drift module of main() is read
"""Euler-Maruyama simulation of a neural SDE with an NNX drift network. The raw scan body
creates nnx.Rngs(noise=0) afresh at every step to draw the Brownian increment dW
(the 'Rngs inside the loop' pattern), so the noise never changes."""
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

    def em_step(x, _):
        rngs = nnx.Rngs(noise=0)
        dW = jnp.sqrt(DT) * jax.random.normal(rngs.noise(), x.shape)
        x = x + drift(x) * DT + SIGMA * dW
        return x, dW

    x_T, dWs = jax.lax.scan(em_step, jnp.zeros((2,)), None, length=STEPS)
    print(x_T)
    return dWs
