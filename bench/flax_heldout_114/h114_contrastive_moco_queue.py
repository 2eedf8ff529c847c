# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body calls step = functools.partial(model.apply, variables); the model enqueues keys into its "queue" collection
"""Contrastive pretraining, MoCo-style: the model keeps a FIFO queue of negative keys in a
"queue" collection and enqueues the current batch's keys on every call. The loss over a stream
of batches is computed in a raw jax.lax.scan whose body calls a step function made with
functools.partial(model.apply, variables).

Modelled on "ModifyScopeVariableError: collection queue is immutable" reports from MoCo ports."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

DIM = 10
EMBED = 8
QUEUE = 16
BATCH = 4
N_BATCHES = 3


class MoCoHead(nn.Module):
    temperature: float = 0.2

    @nn.compact
    def __call__(self, x_query, x_key):
        encoder = nn.Dense(EMBED, name="encoder")
        q = encoder(x_query)
        k = jax.lax.stop_gradient(encoder(x_key))
        q = q / jnp.linalg.norm(q, axis=-1, keepdims=True)
        k = k / jnp.linalg.norm(k, axis=-1, keepdims=True)
        queue = self.variable("queue", "keys", lambda: jnp.zeros((QUEUE, EMBED)))
        pos = jnp.sum(q * k, axis=-1, keepdims=True)
        neg = q @ queue.value.T
        logits = jnp.concatenate([pos, neg], axis=-1) / self.temperature
        loss = -jnp.mean(jax.nn.log_softmax(logits)[:, 0])
        queue.value = jnp.concatenate([k, queue.value[:-BATCH]], axis=0)
        return loss


def main():
    model = MoCoHead()
    views = jax.random.normal(jax.random.key(0), (N_BATCHES, 2, BATCH, DIM))
    variables = model.init(jax.random.key(1), views[0, 0], views[0, 1])
    step = functools.partial(model.apply, variables)

    def body(total, batch):
        loss = step(batch[0], batch[1])
        return total + loss, loss

    total, losses = jax.lax.scan(body, 0.0, views)
    print("mean InfoNCE", float(total) / N_BATCHES)
