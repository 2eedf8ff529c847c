# label: same-values
# flax-error: none
# class: 4 server keeps clients in a list built at run time; each client's DP-noise key is fixed at construction and reused by the Linen noise module every round of the scan
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

    def local_update(self, global_w):
        grad = jnp.mean(self.data, axis=0) - global_w
        noise = self.mechanism.apply({}, grad, rngs={"dp": self.dp_key})
        return grad, noise


class Server:
    def __init__(self, clients, dim):
        self.clients = clients
        self.dim = dim

    def train(self, rounds):
        def one_round(w, _):
            grads, noises = zip(*(c.local_update(w) for c in self.clients))
            noise = jnp.stack(noises)
            w = w + 0.5 * jnp.mean(jnp.stack(grads) + noise, axis=0)
            return w, noise

        _, noise_per_round = jax.lax.scan(one_round, jnp.zeros(self.dim), None, length=rounds)
        return noise_per_round


def main():
    dim = 4
    clients = [Client(i, jnp.full((5, dim), float(i))) for i in range(3)]
    server = Server(clients, dim)
    return server.train(rounds=4)
