# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/" because collection "memory" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 PPO rollout as a raw jax.lax.scan inside a Linen method; the body writes the recurrent critic's hidden state to self.variable("memory")
import jax
import jax.numpy as jnp
from flax import linen as nn

OBS, H, ACT = 4, 16, 2


class RecurrentActorCritic(nn.Module):
    @nn.compact
    def __call__(self, obs):
        hidden = self.variable("memory", "h", lambda: jnp.zeros((obs.shape[0], H)))
        h, out = nn.GRUCell(features=H, name="gru")(hidden.value, obs)
        hidden.value = h
        logits = nn.Dense(ACT, name="pi")(out)
        value = nn.Dense(1, name="v")(out)
        return logits, value[:, 0]

    def rollout(self, obs_seq):
        def env_step(carry, obs):
            logits, value = self(obs)
            return carry, value

        _, values = jax.lax.scan(env_step, None, obs_seq)
        return values


def main():
    agent = RecurrentActorCritic()
    obs = jnp.ones((8, OBS))
    variables = agent.init(jax.random.key(0), obs)
    obs_seq = jax.random.normal(jax.random.key(1), (16, 8, OBS))
    values = agent.apply(variables, obs_seq, method=RecurrentActorCritic.rollout)
    values.block_until_ready()
    return None
