# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the momentum (key) encoder's apply with train=True runs inside the raw scan body while batch_stats is immutable
"""MoCo-style contrastive learning: the key encoder is an EMA copy of the query encoder; a queue of
negatives is filled with jax.lax.scan over augmented batches before training starts."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
D, EMB, QUEUE_BATCHES, B = 10, 8, 4, 6


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        z = nn.Dense(EMB)(x)
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def ema(online, target, m=0.99):
    return jax.tree.map(lambda o, t: m * t + (1 - m) * o, online, target)


def main():
    enc = Encoder()
    views = jax.random.normal(jax.random.key(0), (QUEUE_BATCHES, B, D))
    variables = enc.init(jax.random.key(1), views[0], train=False)
    q_params, batch_stats = variables["params"], variables["batch_stats"]
    k_params = jax.tree.map(lambda p: p.copy(), q_params)

    def fill_queue(k_params, x):
        k_params = ema(q_params, k_params)
        keys = enc.apply({"params": k_params, "batch_stats": batch_stats}, x, train=True)
        return k_params, lax.stop_gradient(keys)

    k_params, queue = lax.scan(fill_queue, k_params, views)
    queue = queue.reshape(-1, EMB)
    queue.block_until_ready()
    return None
