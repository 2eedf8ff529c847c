# label: ok
# flax-error: none
# class: 3 momentum encoder split into graphdef/params; its params are carried through the scan and merged after
"""Contrastive learning (BYOL/MoCo-style, NNX): both student and momentum-encoder params are
in the scan carry; the teacher is merged inside the loss and updated after the loop."""
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
    _, teacher_params = nnx.split(teacher, nnx.Param)
    tx = optax.sgd(0.05)
    opt_state = tx.init(params)
    views = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 8, 12))

    def loss_fn(params, teacher_params, a, b):
        q = nnx.merge(graphdef, params)(a)
        k = jax.lax.stop_gradient(nnx.merge(graphdef, teacher_params)(b))
        logits = q @ k.T / 0.1
        return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.arange(a.shape[0])).mean()

    def step(carry, batch):
        params, teacher_params, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params, teacher_params, batch[0], batch[1])
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        teacher_params = jax.tree.map(lambda t, s: 0.99 * t + 0.01 * s, teacher_params, params)
        return (params, teacher_params, opt_state), loss

    init = (params, teacher_params, opt_state)
    (params, teacher_params, opt_state), losses = jax.lax.scan(step, init, views)
    nnx.update(teacher, teacher_params)
    print(losses)
    return None
