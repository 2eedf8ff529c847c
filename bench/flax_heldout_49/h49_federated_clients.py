# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a Client's local_update runs fori_loop over local steps; the body differentiates model.apply on the global variables with BatchNorm training and no mutable
"""Federated averaging simulation: every client takes a few local SGD steps from the global
model, the server averages the client params."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class ClientNet(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(2)(nn.relu(x))


def cross_entropy(logits, labels):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(labels, 2), -1))


class Client:
    def __init__(self, model, data, labels, local_steps=3, lr=0.1):
        self.model, self.data, self.labels = model, data, labels
        self.local_steps, self.lr = local_steps, lr

    def local_update(self, global_vars):
        batch_stats = global_vars["batch_stats"]

        def loss_fn(params):
            logits = self.model.apply({"params": params, "batch_stats": batch_stats}, self.data)
            return cross_entropy(logits, self.labels)

        def body(i, params):
            grads = jax.grad(loss_fn)(params)
            return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)

        return fori_loop(0, self.local_steps, body, global_vars["params"])


class Server:
    def __init__(self, global_vars):
        self.global_vars = global_vars

    def round(self, clients):
        updates = [c.local_update(self.global_vars) for c in clients]
        avg = jax.tree.map(lambda *ps: sum(ps) / len(ps), *updates)
        self.global_vars = {**self.global_vars, "params": avg}


def main():
    model = ClientNet()
    key = jax.random.key(0)
    datas = [jax.random.normal(jax.random.fold_in(key, i), (6, 4)) for i in range(3)]
    labels = [jnp.arange(6) % 2 for _ in range(3)]
    server = Server(model.init(key, datas[0], train=False))
    server.round([Client(model, d, l) for d, l in zip(datas, labels)])
    return None
