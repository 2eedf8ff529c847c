# label: ok
# flax-error: none
# class: 4 server keeps clients in a list built at run time; each client's DP-noise key travels in the scan carry and is split every round
"""Federated averaging with differentially private clients: each round every client adds
Gaussian noise (a Linen module with an rng stream) to its update, and the server averages them."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GaussianMechanism(nn.Module):
    sigma: float = 0.5

    @nn.compact
    def __call__(self, update):
        return self.sigma * jax.random.normal(self.make_rng("dp"), update.shape)


class Client:
    def __init__(self, cid, data):
        self.cid = cid
        self.data = data
        self.mechanism = GaussianMechanism()
        self.dp_key = jax.random.PRNGKey(100 + cid)

    def local_update(self, global_w, key):
        grad = jnp.mean(self.data, axis=0) - global_w
        key, sub = jax.random.split(key)
        noise = self.mechanism.apply({}, grad, rngs={"dp": sub})
        return grad, noise, key


class Server:
    def __init__(self, clients, dim):
        self.clients = clients
        self.dim = dim

    def train(self, rounds):
        def one_round(carry, _):
            w, keys = carry
            grads, noises, keys = zip(*(c.local_update(w, k) for c, k in zip(self.clients, keys)))
            noise = jnp.stack(noises)
            w = w + 0.5 * jnp.mean(jnp.stack(grads) + noise, axis=0)
            return (w, tuple(keys)), noise

        init = (jnp.zeros(self.dim), tuple(c.dp_key for c in self.clients))
        _, noise_per_round = jax.lax.scan(one_round, init, None, length=rounds)
        return noise_per_round


def main():
    dim = 4
    clients = [Client(i, jnp.full((5, dim), float(i))) for i in range(3)]
    server = Server(clients, dim)
    return server.train(rounds=4)
