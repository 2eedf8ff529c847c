# label: ok
# flax-error: none
# class: 4 a Trainer object is built with the agent's bound `evaluate` method and stores it; its raw fori_loop body calls it, and `evaluate` only reads the agent's critic
import jax
import jax.numpy as jnp
from flax import nnx


class Critic(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.value = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        return self.value(nnx.tanh(self.hidden(obs)))[..., 0]


class ActorCritic:
    def __init__(self, seed: int = 0):
        self.critic = Critic(nnx.Rngs(seed))

    def evaluate(self, obs, returns):
        return jnp.mean((self.critic(obs) - returns) ** 2)


class Trainer:
    def __init__(self, eval_fn, epochs: int):
        self.eval_fn = eval_fn
        self.epochs = epochs

    def validate(self, obs, returns):
        def epoch(i, total):
            return total + self.eval_fn(obs[i], returns[i])

        return jax.lax.fori_loop(0, self.epochs, epoch, jnp.zeros(()))


def main():
    agent = ActorCritic()
    trainer = Trainer(agent.evaluate, epochs=3)
    trainer.validate(jnp.ones((3, 5, 3)), jnp.zeros((3, 5)))
