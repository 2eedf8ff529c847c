# label: ok
# flax-error: none
# class: 5 the scan body calls step = functools.partial(model.apply, mutable=["queue"]); the queue collection travels in the carry
"""Contrastive pretraining, MoCo-style: the model keeps a FIFO queue of negative keys in a
"queue" collection and enqueues the current batch's keys on every call. The loss over a stream
of batches is computed in a raw jax.lax.scan whose body calls a step function made with
functools.partial(model.apply, ...).

Twin of h114_contrastive_moco_queue.py: the partial marks the queue mutable and the body carries
the returned queue to the next batch."""
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
    params = variables["params"]
    step = functools.partial(model.apply, mutable=["queue"])

    def body(carry, batch):
        total, queue = carry
        loss, updates = step({"params": params, "queue": queue}, batch[0], batch[1])
        return (total + loss, updates["queue"]), loss

    (total, queue), losses = jax.lax.scan(body, (0.0, variables["queue"]), views)
    print("mean InfoNCE", float(total) / N_BATCHES, "queue norm", float(jnp.linalg.norm(queue["keys"])))
