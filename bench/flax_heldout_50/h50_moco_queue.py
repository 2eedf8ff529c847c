# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 scan closure inside @nn.compact enqueues each micro-batch's keys into a 'queue' variable; apply marks only batch_stats mutable
"""MoCo-style contrastive loss over micro-batches with a negative-key queue."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

lax = jax.lax


class Encoder(nn.Module):
    dim: int = 32

    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Dense(64)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(self.dim)(nn.relu(x))


class MoCo(nn.Module):
    queue_size: int = 64
    dim: int = 32
    temperature: float = 0.07

    @nn.compact
    def __call__(self, queries, keys):
        encoder = Encoder(self.dim)
        queue = self.variable("queue", "keys", lambda: jnp.zeros((self.queue_size, self.dim)))
        ptr = self.variable("queue", "ptr", lambda: jnp.zeros((), jnp.int32))

        def micro_batch(_, batch):
            xq, xk = batch
            q = encoder(xq)
            k = jax.lax.stop_gradient(encoder(xk))
            q, k = q / jnp.linalg.norm(q, axis=-1, keepdims=True), k / jnp.linalg.norm(k, axis=-1, keepdims=True)
            logits = jnp.concatenate([(q * k).sum(-1, keepdims=True), q @ queue.value.T], -1) / self.temperature
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, jnp.zeros(q.shape[0], jnp.int32)).mean()
            queue.value = lax.dynamic_update_slice(queue.value, k, (ptr.value, 0))
            ptr.value = (ptr.value + k.shape[0]) % self.queue_size
            return None, loss

        encoder(queries[0])
        _, losses = lax.scan(micro_batch, None, (queries, keys))
        return losses.mean()


def main():
    model = MoCo()
    q = jax.random.normal(jax.random.key(0), (4, 8, 16))
    k = q + 0.1 * jax.random.normal(jax.random.key(1), q.shape)
    variables = model.init(jax.random.key(2), q, k)
    fresh = {"params": variables["params"], "batch_stats": variables["batch_stats"],
             "queue": {"keys": jnp.zeros((64, 32)), "ptr": jnp.zeros((), jnp.int32)}}
    model.apply(fresh, q, k, mutable=["batch_stats"])
    return None
