# label: ok
# flax-error: none
# class: 3 the queue starts as self.variables['queue'] of the learner, travels in the scan carry and the body applies with mutable=['queue']
"""MoCo-style contrastive learning with a queue of negative keys kept in a Linen collection.

Twin of h227_moco_queue: the queue is part of the scan carry, the loss applies the model with
mutable=['queue'] and returns the updated queue as an auxiliary output, and the learner stores
the final queue after the loop.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


def normalize(x):
    return x / (jnp.linalg.norm(x, axis=-1, keepdims=True) + 1e-6)


class MoCo(nn.Module):
    dim: int = 8
    queue_size: int = 16
    temperature: float = 0.1

    @nn.compact
    def __call__(self, x_q, x_k):
        encoder = nn.Dense(self.dim, name="encoder")
        q = normalize(encoder(x_q))
        k = jax.lax.stop_gradient(normalize(encoder(x_k)))
        queue = self.variable(
            "queue", "keys", lambda: normalize(jax.random.normal(self.make_rng("params"), (self.queue_size, self.dim)))
        )
        ptr = self.variable("queue", "ptr", lambda: jnp.zeros((), jnp.int32))
        l_pos = jnp.sum(q * k, axis=-1, keepdims=True)
        l_neg = q @ queue.value.T
        logits = jnp.concatenate([l_pos, l_neg], axis=1) / self.temperature
        labels = jnp.zeros((q.shape[0],), jnp.int32)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        if not self.is_initializing():
            queue.value = jax.lax.dynamic_update_slice(queue.value, k, (ptr.value, 0))
            ptr.value = (ptr.value + k.shape[0]) % self.queue_size
        return loss


class MoCoLearner:
    def __init__(self, model, variables, lr=0.05):
        self.model = model
        self.variables = variables
        self.tx = optax.sgd(lr)

    def train(self, views_q, views_k):
        def step(carry, batch):
            params, opt_state, queue = carry
            x_q, x_k = batch

            def loss_fn(p):
                loss, updated = self.model.apply({"params": p, "queue": queue}, x_q, x_k, mutable=["queue"])
                return loss, updated["queue"]

            (loss, queue), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state, queue), loss

        carry = (self.variables["params"], self.tx.init(self.variables["params"]), self.variables["queue"])
        (params, _, queue), losses = jax.lax.scan(step, carry, (views_q, views_k))
        self.variables = {"params": params, "queue": queue}
        return losses


def main():
    x = jax.random.normal(jax.random.key(1), (6, 4, 5))
    noise = 0.1 * jax.random.normal(jax.random.key(2), x.shape)
    model = MoCo()
    variables = model.init(jax.random.key(0), x[0], x[0] + noise[0])
    learner = MoCoLearner(model, variables)
    losses = learner.train(x, x + noise)
    jax.block_until_ready(losses)
