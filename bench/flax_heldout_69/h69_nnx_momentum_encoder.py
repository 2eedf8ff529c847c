# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 momentum (teacher) encoder closed over by the scan body; its Params are EMA-updated in place
"""Contrastive learning (BYOL/MoCo-style, NNX): the student trains as a functional state in a
jax.lax.scan, and the momentum encoder is updated in place with an EMA each step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(12, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 16, rngs=rngs)

    def __call__(self, x):
        z = self.l2(nnx.relu(self.l1(x)))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def main():
    student = Encoder(nnx.Rngs(0))
    teacher = Encoder(nnx.Rngs(0))
    graphdef, params = nnx.split(student, nnx.Param)
    tx = optax.sgd(0.05)
    opt_state = tx.init(params)
    views = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 8, 12))

    def loss_fn(params, a, b):
        q = nnx.merge(graphdef, params)(a)
        k = jax.lax.stop_gradient(teacher(b))
        logits = q @ k.T / 0.1
        return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.arange(a.shape[0])).mean()

    def step(carry, batch):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params, batch[0], batch[1])
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        for t, s in zip(jax.tree.leaves(nnx.state(teacher, nnx.Param), is_leaf=lambda v: isinstance(v, nnx.Variable)),
                        jax.tree.leaves(params)):
            t.value = 0.99 * t.value + 0.01 * s
        return (params, opt_state), loss

    (params, opt_state), losses = jax.lax.scan(step, (params, opt_state), views)
    print(losses)
    return None
