# label: ok
# flax-error: none
# class: 3 an apply-only rollout scans over `self(obs, deterministic=True)`; the compact `__call__` (run by init) builds its Dense and Dropout layers
import flax.linen as nn
import jax
import jax.numpy as jnp


class Policy(nn.Module):
    @nn.compact
    def __call__(self, obs, deterministic=True):
        h = nn.relu(nn.Dense(16)(obs))
        h = nn.Dropout(0.5)(h, deterministic=deterministic)
        return nn.Dense(3)(h)

    def rollout(self, obs0, steps):
        def body(obs, _):
            action = self(obs, deterministic=True)
            return obs + action.sum(-1, keepdims=True), action

        return jax.lax.scan(body, obs0, None, length=steps)


def main():
    obs = jnp.ones((2, 3))
    model = Policy()
    variables = model.init(jax.random.PRNGKey(0), obs)
    model.apply(variables, obs, 4, method=Policy.rollout)
