# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 hand-written Adam keeps its state in a dict and adds a "step" key inside the body
import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum((w - 3.0) ** 2)


def main():
    def adam_step(state, _):
        g = jax.grad(loss)(state["w"])
        m = 0.9 * state["m"] + 0.1 * g
        v = 0.999 * state["v"] + 0.001 * g ** 2
        step = state.get("step", 0) + 1
        w = state["w"] - 0.1 * m / (jnp.sqrt(v) + 1e-8)
        return {"w": w, "m": m, "v": v, "step": step}, loss(w)

    init = {"w": jnp.zeros(2), "m": jnp.zeros(2), "v": jnp.zeros(2)}
    state, losses = jax.lax.scan(adam_step, init, None, length=10)
    return losses
