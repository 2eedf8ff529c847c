# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "env_steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a step counter variable built in __call__ is incremented by the rollout method's scan body; fails only because apply(method="rollout") is called without mutable
import jax
import jax.numpy as jnp
import flax.linen as nn


class CountingPolicy(nn.Module):
    n_actions: int = 2

    @nn.compact
    def __call__(self, obs):
        steps = self.variable("counters", "env_steps", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            steps.value += 1
        return nn.Dense(self.n_actions, name="pi")(obs)

    def rollout(self, obs0, length):
        def body(obs, _):
            logits = self(obs)
            return jnp.roll(obs, 1) * 0.9 + 0.1 * jnp.max(logits), jnp.argmax(logits)

        return jax.lax.scan(body, obs0, None, length=length)[1]


def main():
    policy = CountingPolicy()
    obs = jnp.ones(4)
    variables = policy.init(jax.random.key(0), obs)
    actions = policy.apply(variables, obs, 5, method="rollout")
    actions.block_until_ready()
    return None
