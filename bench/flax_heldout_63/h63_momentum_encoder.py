# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the MoCo model variables (params + queue collection) are closed over; apply inside the scan body writes the queue without mutable
"""MoCo-style contrastive training with a momentum encoder and a negatives queue, steps in jax.lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

DIM, QUEUE = 8, 16


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        z = nn.Dense(DIM)(nn.relu(nn.Dense(32)(x)))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


class MoCoHead(nn.Module):
    temperature: float = 0.1

    @nn.compact
    def __call__(self, q, k):
        queue = self.variable("queue", "keys", lambda: jnp.zeros((QUEUE, DIM)))
        l_pos = (q * k).sum(-1, keepdims=True)
        l_neg = q @ queue.value.T
        logits = jnp.concatenate([l_pos, l_neg], 1) / self.temperature
        queue.value = jnp.concatenate([jax.lax.stop_gradient(k), queue.value], 0)[:QUEUE]
        return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.zeros(len(q), jnp.int32)).mean()


def main():
    enc, head = Encoder(), MoCoHead()
    x = jnp.ones((4, 12))
    q_params = enc.init(jax.random.key(0), x)["params"]
    k_params = q_params
    head_vars = head.init(jax.random.key(1), enc.apply({"params": q_params}, x), enc.apply({"params": q_params}, x))
    tx = optax.sgd(0.05, momentum=0.9)
    opt_state = tx.init(q_params)
    views = jax.random.normal(jax.random.key(2), (5, 2, 4, 12))

    def loss_fn(q_params, k_params, v1, v2):
        q = enc.apply({"params": q_params}, v1)
        k = jax.lax.stop_gradient(enc.apply({"params": k_params}, v2))
        return head.apply(head_vars, q, k)

    def train_step(carry, batch):
        q_params, k_params, opt_state = carry
        grads = jax.grad(loss_fn)(q_params, k_params, batch[0], batch[1])
        updates, opt_state = tx.update(grads, opt_state, q_params)
        q_params = optax.apply_updates(q_params, updates)
        k_params = jax.tree.map(lambda k, q: 0.99 * k + 0.01 * q, k_params, q_params)
        return (q_params, k_params, opt_state), None

    jax.lax.scan(train_step, (q_params, k_params, opt_state), views)
    return None
