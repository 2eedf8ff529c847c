# label: ok
# flax-error: none
# class: 2 a Client's local_update runs fori_loop over local steps; params and batch_stats travel in the carry and apply returns the updated batch_stats
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
        def loss_fn(params, batch_stats):
            logits, updates = self.model.apply({"params": params, "batch_stats": batch_stats}, self.data,
                                               mutable=["batch_stats"])
            return cross_entropy(logits, self.labels), updates["batch_stats"]

        def body(i, carry):
            params, batch_stats = carry
            grads, batch_stats = jax.grad(loss_fn, has_aux=True)(params, batch_stats)
            return jax.tree.map(lambda p, g: p - self.lr * g, params, grads), batch_stats

        params, _ = fori_loop(0, self.local_steps, body, (global_vars["params"], global_vars["batch_stats"]))
        return params


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
