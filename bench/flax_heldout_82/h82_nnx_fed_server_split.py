# label: ok
# flax-error: none
# class: 4 server draws one DP key per client from its nnx.Rngs stream into a dict before the scan; the dict travels in the carry and each key is split every round
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

        def round_fn(carry, _):
            kernel, keys = carry
            noises, new_keys = [], {}
            for name, client in self.clients.items():
                new_keys[name], sub = jax.random.split(keys[name])
                noises.append(self.sigma * jax.random.normal(sub, kernel.shape))
            deltas = [c.delta(kernel) for c in self.clients.values()]
            kernel = kernel + jnp.mean(jnp.stack(deltas) + jnp.stack(noises), 0)
            return (kernel, new_keys), jnp.stack(noises)

        _, noise = jax.lax.scan(round_fn, (jnp.zeros((3, 1)), dp_keys), None, length=rounds)
        return noise


def main():
    server = Server([Client(f"site{i}", i) for i in range(3)])
    return server.run(rounds=4)
