# label: ok
# flax-error: none
# class: 4 adapt() splits the NNX model into graphdef, params and the rest; the params are the raw jax.lax.fori_loop carry and are merged back inside a jax.grad loss
"""MAML inner loop on sinusoid regression (Finn et al. 2017), NNX version."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 40, rngs=rngs)
        self.l2 = nnx.Linear(40, 40, rngs=rngs)
        self.l3 = nnx.Linear(40, 1, rngs=rngs)

    def __call__(self, x):
        return self.l3(nnx.relu(self.l2(nnx.relu(self.l1(x)))))


def adapt(model, x, y, steps: int = 5, lr: float = 0.01):
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)

    def loss_fn(p):
        m = nnx.merge(graphdef, p, rest)
        return jnp.mean((m(x) - y) ** 2)

    def body(i, carry):
        p, total = carry
        loss, grads = jax.value_and_grad(loss_fn)(p)
        return jax.tree.map(lambda w, g: w - lr * g, p, grads), total + loss

    params, total = jax.lax.fori_loop(0, steps, body, (params, jnp.zeros(())))
    nnx.update(model, params)
    return total / steps


def sample_task(key, k_shot=10):
    k_amp, k_phase, k_x = jax.random.split(key, 3)
    amp = jax.random.uniform(k_amp, (), minval=0.1, maxval=5.0)
    phase = jax.random.uniform(k_phase, (), maxval=jnp.pi)
    x = jax.random.uniform(k_x, (k_shot, 1), minval=-5.0, maxval=5.0)
    return x, amp * jnp.sin(x + phase)


def main():
    model = Regressor(nnx.Rngs(0))
    x, y = sample_task(jax.random.key(1))
    print(adapt(model, x, y))
