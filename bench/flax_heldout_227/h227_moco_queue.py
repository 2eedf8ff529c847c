# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the negative-key queue is self.variables['queue'] of the learner; the scan body applies self.model with it but without mutable=['queue']
"""MoCo-style contrastive learning with a queue of negative keys kept in a Linen collection.

Modelled on contrastive-learning questions where the queue lives in its own collection: the
learner scans over a stack of batches, and the loss applies the model with the queue but never
marks the collection mutable, so the enqueue inside __call__ is refused.
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
            params, opt_state = carry
            x_q, x_k = batch

            def loss_fn(p):
                return self.model.apply({"params": p, "queue": self.variables["queue"]}, x_q, x_k)

            loss, grads = jax.value_and_grad(loss_fn)(params)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        carry = (self.variables["params"], self.tx.init(self.variables["params"]))
        (params, _), losses = jax.lax.scan(step, carry, (views_q, views_k))
        self.variables = {**self.variables, "params": params}
        return losses


def main():
    x = jax.random.normal(jax.random.key(1), (6, 4, 5))
    noise = 0.1 * jax.random.normal(jax.random.key(2), x.shape)
    model = MoCo()
    variables = model.init(jax.random.key(0), x[0], x[0] + noise[0])
    learner = MoCoLearner(model, variables)
    losses = learner.train(x, x + noise)
    jax.block_until_ready(losses)
