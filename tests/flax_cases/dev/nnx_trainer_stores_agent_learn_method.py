# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a Trainer object is built with the agent's bound `learn` method and stores it; its raw fori_loop body calls it, and `learn` hands the agent's critic and optimizer to an `nnx.jit` step
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Critic(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.value = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        return self.value(nnx.tanh(self.hidden(obs)))[..., 0]


@nnx.jit
def td_step(critic, optimizer, obs, returns):
    def loss_fn(critic):
        return jnp.mean((critic(obs) - returns) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(critic)
    optimizer.update(critic, grads)
    return loss


class ActorCritic:
    def __init__(self, seed: int = 0):
        self.critic = Critic(nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.critic, optax.adam(1e-3), wrt=nnx.Param)

    def learn(self, obs, returns):
        return td_step(self.critic, self.optimizer, obs, returns)


class Trainer:
    def __init__(self, learn_fn, epochs: int):
        self.learn_fn = learn_fn
        self.epochs = epochs

    def fit(self, obs, returns):
        def epoch(i, total):
            return total + self.learn_fn(obs[i], returns[i])

        return jax.lax.fori_loop(0, self.epochs, epoch, jnp.zeros(()))


def main():
    agent = ActorCritic()
    trainer = Trainer(agent.learn, epochs=3)
    trainer.fit(jnp.ones((3, 5, 3)), jnp.zeros((3, 5)))
