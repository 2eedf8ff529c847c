# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 each client object stores the model; its local fori_loop differentiates self.model.apply, which leaves train at its default True, with nothing mutable
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class TabularNet(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(3)(nn.relu(x))


def cross_entropy(logits, labels):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(labels, 3), axis=-1))


class Client:
    def __init__(self, model, features, labels, local_steps=4, lr=0.05):
        self.model = model
        self.features, self.labels = features, labels
        self.local_steps, self.lr = local_steps, lr

    def local_update(self, global_vars):
        batch_stats = global_vars["batch_stats"]

        def loss_fn(params):
            logits = self.model.apply({"params": params, "batch_stats": batch_stats}, self.features)
            return cross_entropy(logits, self.labels)

        def step(i, params):
            grads = jax.grad(loss_fn)(params)
            return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)

        return fori_loop(0, self.local_steps, step, global_vars["params"])


def main():
    model = TabularNet()
    key = jax.random.key(0)
    shards = [jax.random.normal(jax.random.fold_in(key, i), (8, 5)) for i in range(2)]
    global_vars = model.init(key, shards[0], train=False)
    clients = [Client(model, x, jnp.arange(8) % 3) for x in shards]
    updates = [client.local_update(global_vars) for client in clients]
    jax.block_until_ready(updates)
    return None
