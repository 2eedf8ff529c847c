# label: ok
# flax-error: none
# class: 4 the rollout's scan body calls `self(obs)`: the setup normaliser updates its mean only `if update:`, False in this run
import flax.linen as nn
import jax
import jax.numpy as jnp


class RunningMean(nn.Module):
    @nn.compact
    def __call__(self, x, update: bool):
        mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
        if update:
            mean.value = 0.9 * mean.value + 0.1 * x.mean(0)
        return x - mean.value


class Agent(nn.Module):
    def setup(self):
        self.norm = RunningMean()
        self.head = nn.Dense(3)

    def __call__(self, obs, learning=False):
        return self.head(self.norm(obs, update=learning))

    def rollout(self, obs0, horizon):
        def step(obs, _):
            act = self(obs)
            return 0.9 * obs + 0.1 * act, act

        return jax.lax.scan(step, obs0, None, length=horizon)[1]


def main():
    agent = Agent()
    variables = agent.init(jax.random.PRNGKey(0), jnp.ones((4, 3)))
    agent.apply(variables, jnp.ones((4, 3)), 10, method=Agent.rollout)
