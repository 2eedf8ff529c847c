# label: trace-context
# flax-error: TraceContextError: Cannot mutate Queue from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the negative queue is reached as self.model.queue (learner -> model -> Variable); only the encoder is split and carried, and the scan body enqueues through self.model.enqueue
"""MoCo-style contrastive learning in NNX with a queue of negative keys, raw lax.scan over batches.

Modelled on NNX contrastive-learning ports: the learner splits just the encoder to train it in
the scan carry, and pushes the new keys into the queue Variable that lives on the outer model.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Queue(nnx.Variable):
    pass


def normalize(x):
    return x / (jnp.linalg.norm(x, axis=-1, keepdims=True) + 1e-6)


class MoCo(nnx.Module):
    def __init__(self, din, dim, size, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(din, dim, rngs=rngs)
        self.queue = Queue(normalize(jax.random.normal(rngs.params(), (size, dim))))
        self.ptr = Queue(jnp.zeros((), jnp.int32))

    def enqueue(self, k):
        self.queue.value = jax.lax.dynamic_update_slice(self.queue.value, k, (self.ptr.value, 0))
        self.ptr.value = (self.ptr.value + k.shape[0]) % self.queue.value.shape[0]


def info_nce(q, k, queue, temperature=0.1):
    logits = jnp.concatenate([jnp.sum(q * k, -1, keepdims=True), q @ queue.T], axis=1) / temperature
    return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.zeros(q.shape[0], jnp.int32)).mean()


class Learner:
    def __init__(self, model, lr=0.05):
        self.model, self.lr = model, lr

    def train(self, x_q, x_k):
        enc_def, enc_state = nnx.split(self.model.encoder)

        def step(enc_state, batch):
            xq, xk = batch
            encoder = nnx.merge(enc_def, enc_state)
            k = jax.lax.stop_gradient(normalize(encoder(xk)))
            loss, grads = nnx.value_and_grad(lambda e: info_nce(normalize(e(xq)), k, self.model.queue.value))(encoder)
            nnx.update(encoder, jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(encoder, nnx.Param), grads))
            self.model.enqueue(k)
            return nnx.state(encoder), loss

        enc_state, losses = jax.lax.scan(step, enc_state, (x_q, x_k))
        nnx.update(self.model.encoder, enc_state)
        return losses


def main():
    x = jax.random.normal(jax.random.key(0), (6, 4, 5))
    learner = Learner(MoCo(5, 8, 16, rngs=nnx.Rngs(0)))
    losses = learner.train(x + 0.05, x - 0.05)
    jax.block_until_ready(losses)
