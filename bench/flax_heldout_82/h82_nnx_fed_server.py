# label: same-values
# flax-error: none
# class: 4 server draws one DP key per client from its nnx.Rngs stream into a dict before the scan; every round reuses the same keys from the dict
"""Federated learning in NNX: clients own small models, the server aggregates their noisy
parameter deltas over several rounds in a raw lax.scan and returns the noise added per round."""
import jax
import jax.numpy as jnp
from flax import nnx


class ClientModel(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Linear(3, 1, rngs=rngs)


class Client:
    def __init__(self, name, seed):
        self.name = name
        self.model = ClientModel(nnx.Rngs(seed))

    def delta(self, global_kernel):
        return self.model.w.kernel[...] - global_kernel


class Server:
    def __init__(self, clients, sigma=0.1):
        self.clients = {c.name: c for c in clients}
        self.rngs = nnx.Rngs(dp=42)
        self.sigma = sigma

    def run(self, rounds):
        dp_keys = {name: self.rngs.dp() for name in self.clients}

        def round_fn(kernel, _):
            noises = []
            for name, client in self.clients.items():
                noises.append(self.sigma * jax.random.normal(dp_keys[name], kernel.shape))
            deltas = [c.delta(kernel) for c in self.clients.values()]
            kernel = kernel + jnp.mean(jnp.stack(deltas) + jnp.stack(noises), 0)
            return kernel, jnp.stack(noises)

        _, noise = jax.lax.scan(round_fn, jnp.zeros((3, 1)), None, length=rounds)
        return noise


def main():
    server = Server([Client(f"site{i}", i) for i in range(3)])
    return server.run(rounds=4)
