# label: ok
# flax-error: none
# class: 4 the Agent's warmup fori_loop carries the RunningNorm statistics and writes self.obs_norm's 'stats' variables once after the loop
"""An RL agent with a running observation normaliser warmed up over a buffer with fori_loop.

Twin of h196_ema_variable: the statistics go through the fori_loop carry.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class RunningNorm(nn.Module):
    features: int
    momentum: float = 0.9

    def setup(self):
        self.mean = self.variable('stats', 'mean', jnp.zeros, (self.features,))
        self.var = self.variable('stats', 'var', jnp.ones, (self.features,))

    def ema(self, mean, var, x):
        m = self.momentum
        return m * mean + (1 - m) * x.mean(0), m * var + (1 - m) * x.var(0)

    def observe(self, x):
        self.mean.value, self.var.value = self.ema(self.mean.value, self.var.value, x)

    def __call__(self, x):
        return (x - self.mean.value) / jnp.sqrt(self.var.value + 1e-5)


class Agent(nn.Module):
    obs_dim: int = 4
    num_actions: int = 2

    def setup(self):
        self.obs_norm = RunningNorm(self.obs_dim)
        self.policy = nn.Dense(self.num_actions)

    def __call__(self, obs):
        return self.policy(self.obs_norm(obs))

    def warmup(self, buffer):
        def body(i, carry):
            count, mean, var = carry
            mean, var = self.obs_norm.ema(mean, var, buffer[i])
            return count + buffer.shape[1], mean, var

        init = (0, self.obs_norm.mean.value, self.obs_norm.var.value)
        seen, mean, var = fori_loop(0, buffer.shape[0], body, init)
        self.obs_norm.mean.value, self.obs_norm.var.value = mean, var
        return seen


def main():
    agent = Agent()
    buffer = 3.0 + jax.random.normal(jax.random.key(0), (10, 16, 4))
    variables = agent.init(jax.random.key(1), buffer[0])
    seen, updates = agent.apply(variables, buffer, method=Agent.warmup, mutable=['stats'])
    variables = {**variables, **updates}
    logits = agent.apply(variables, buffer[0])
    print(seen, logits.mean())
    return None


if __name__ == "__main__":
    main()
