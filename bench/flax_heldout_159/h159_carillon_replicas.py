# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "position" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 each replica keeps functools.partial(model.apply, {"params", "cache"}) and the generation scan body calls every replica's partial
"""Carillon peal generator served by several model replicas, each handling a shard of the request batch."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class BellDecoder(nn.Module):
    bells: int = 8
    hidden: int = 16

    @nn.compact
    def __call__(self, token):
        position = self.variable("cache", "position", lambda: jnp.zeros((), jnp.int32))
        history = self.variable("cache", "history", lambda: jnp.zeros((self.hidden,)))
        h = nn.Dense(self.hidden)(jax.nn.one_hot(token, self.bells)) + history.value
        if not self.is_initializing():
            position.value = position.value + 1
            history.value = 0.9 * history.value + 0.1 * h.mean(axis=0)
        return nn.Dense(self.bells)(jnp.tanh(h))


class Replica:
    def __init__(self, model, params, cache, device):
        params = jax.device_put(params, device)
        self.decode = functools.partial(model.apply, {"params": params, "cache": cache})


class ReplicaSet:
    def __init__(self, model, variables, n_replicas):
        devices = jax.devices()
        self.replicas = [
            Replica(model, variables["params"], variables["cache"], devices[i % len(devices)])
            for i in range(n_replicas)
        ]

    def decode(self, tokens):
        shards = jnp.split(tokens, len(self.replicas))
        return jnp.concatenate([r.decode(s) for r, s in zip(self.replicas, shards)], axis=0)


class PealGenerator:
    def __init__(self, replica_set, length):
        self.replica_set = replica_set
        self.length = length

    def generate(self, first_bells):
        def ring(tokens, _):
            logits = self.replica_set.decode(tokens)
            nxt = jnp.argmax(logits, axis=-1)
            return nxt, nxt

        _, peal = lax.scan(ring, first_bells, None, length=self.length)
        return peal


def main():
    model = BellDecoder()
    first = jnp.arange(4) % 8
    variables = model.init(jax.random.key(0), first)
    generator = PealGenerator(ReplicaSet(model, variables, n_replicas=2), length=6)
    jax.block_until_ready(generator.generate(first))
    return None
