# label: ok
# flax-error: none
# class: 3 the DroneActor's self.bound (model.bind with a 'gust' rng) splits one make_rng key per message before the fori_loop; the body indexes the split keys
"""Drone swarm simulator: each drone is an actor that drains a mailbox of hover commands."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GustPerturber(nn.Module):
    dim: int = 3

    @nn.compact
    def __call__(self, command, key=None):
        if key is None:
            key = self.make_rng("gust")
        gust = nn.Dense(self.dim)(jax.random.normal(key, command.shape))
        return command + 0.1 * gust, gust


class DroneActor:
    def __init__(self, model, variables, key):
        self.bound = model.bind(variables, rngs={"gust": key})
        self.mailbox = []

    def send(self, command):
        self.mailbox.append(command)

    def run(self):
        commands = jnp.stack(self.mailbox)
        self.mailbox.clear()
        keys = jax.random.split(self.bound.make_rng("gust"), commands.shape[0])

        def handle(i, gusts):
            _, gust = self.bound(commands[i], keys[i])
            return gusts.at[i].set(gust)

        return lax.fori_loop(0, commands.shape[0], handle, jnp.zeros_like(commands))


def main():
    model = GustPerturber()
    hover = jnp.array([0.0, 0.0, 1.0])
    variables = model.init({"params": jax.random.key(0), "gust": jax.random.key(1)}, hover)
    actor = DroneActor(model, variables, jax.random.key(2))
    for _ in range(5):
        actor.send(hover)
    return actor.run()
