# label: ok
# flax-error: none
# class: 3 Server.run_round carries the running average of client params through the fori_loop carry and nnx.update-s the global model after the loop
"""Federated averaging simulation: clients fine-tune a copy of the global model on local data."""
import jax
import jax.numpy as jnp
from flax import nnx


class ClientModel(nnx.Module):
    def __init__(self, din=5, dhidden=8, rngs: nnx.Rngs = None):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


def local_update(graphdef, params, data, lr=0.1, local_steps=2):
    def loss_fn(p):
        model = nnx.merge(graphdef, p)
        return jnp.mean((model(data["x"]) - data["y"]) ** 2)

    for _ in range(local_steps):
        grads = jax.grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params


class Server:
    def __init__(self, model, num_clients):
        self.model = model
        self.num_clients = num_clients
        self.graphdef, _ = nnx.split(model)

    @staticmethod
    def aggregate(running, client_params, weight):
        return jax.tree.map(lambda g, c: g + weight * (c - g), running, client_params)

    def run_round(self, client_data):
        start = nnx.state(self.model, nnx.Param)

        def body(i, running):
            data = jax.tree.map(lambda a: a[i], client_data)
            client_params = local_update(self.graphdef, start, data)
            return self.aggregate(running, client_params, 1.0 / (i + 1))

        averaged = jax.lax.fori_loop(0, self.num_clients, body, start)
        nnx.update(self.model, averaged)


def make_client_data(key, num_clients, n):
    kx, kn = jax.random.split(key)
    x = jax.random.normal(kx, (num_clients, n, 5))
    y = x.sum(-1) + 0.1 * jax.random.normal(kn, (num_clients, n))
    return {"x": x, "y": y}


def main():
    server = Server(ClientModel(rngs=nnx.Rngs(0)), num_clients=3)
    data = make_client_data(jax.random.key(1), 3, 16)
    for _ in range(2):
        server.run_round(data)
    print("global loss", float(jnp.mean((server.model(data["x"][0]) - data["y"][0]) ** 2)))
    return None
