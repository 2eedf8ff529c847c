# label: ok
# flax-error: none
# class: 2 the local key drawn once from rngs.debris() goes into the fori_loop body, which folds in the step index
import jax
import jax.numpy as jnp
from flax import nnx


class DragCorrection(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 16, rngs=rngs)
        self.out = nnx.Linear(16, 6, rngs=rngs)

    def __call__(self, state):
        return 1e-3 * self.out(nnx.tanh(self.hidden(state)))


def propagate(model, rngs, objects, n_steps, sigma=0.01):
    key = rngs.debris()
    jitters = jnp.zeros((n_steps,) + objects.shape)

    def body(t, carry):
        states, jitters = carry
        jitter = sigma * jax.random.normal(jax.random.fold_in(key, t), states.shape)
        states = states + model(states) + jitter
        return states, jitters.at[t].set(jitter)

    _, jitters = jax.lax.fori_loop(0, n_steps, body, (objects, jitters))
    return jitters


def main():
    rngs = nnx.Rngs(params=0, debris=3)
    model = DragCorrection(rngs)
    objects = jax.random.normal(jax.random.key(4), (5, 6))  # position and velocity per tracked object
    return propagate(model, rngs, objects, n_steps=7)
