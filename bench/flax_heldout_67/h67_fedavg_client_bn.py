# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 each client's local SGD runs in a fori_loop whose body is a functools.partial of a helper calling model.apply(train=True) inside jax.grad
"""FedAvg simulation: K clients run local SGD from the global model, the server averages their weights."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class ClientNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(3)(nn.relu(x))


def local_step(i, params, *, model, batch_stats, xs, ys, lr):
    def loss_fn(p):
        logits = model.apply({"params": p, "batch_stats": batch_stats}, xs[i], train=True)
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(ys[i], 3), -1))

    grads = jax.grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def client_update(model, params, batch_stats, xs, ys, lr=0.1):
    body = functools.partial(local_step, model=model, batch_stats=batch_stats, xs=xs, ys=ys, lr=lr)
    return jax.lax.fori_loop(0, xs.shape[0], body, params)


def main():
    model = ClientNet()
    k = jax.random.key(0)
    variables = model.init(k, jnp.ones((4, 8)))
    data_x = jax.random.normal(jax.random.key(1), (3, 5, 4, 8))  # clients, local steps, batch, feat
    data_y = jax.random.randint(jax.random.key(2), (3, 5, 4), 0, 3)
    new = [client_update(model, variables["params"], variables["batch_stats"], data_x[c], data_y[c]) for c in range(3)]
    avg = jax.tree.map(lambda *ps: sum(ps) / len(ps), *new)
    jax.tree.map(lambda a: a.block_until_ready(), avg)
