# label: ok
# flax-error: none
# class: 3 a 'target' collection variable synced inside a lax.cond branch of a raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class QNetWithTarget(nn.Module):
    n_actions: int = 3
    sync_every: int = 2

    @nn.compact
    def __call__(self, obs_seq):
        q_layer = nn.Dense(self.n_actions)
        q_layer(obs_seq[0])
        target_bias = self.variable("target", "bias", jnp.zeros, (self.n_actions,))

        def sync():
            target_bias.value = q_layer.variables["params"]["bias"]
            return jnp.array(1)

        def step(t, obs):
            q = q_layer(obs)
            synced = lax.cond(t % self.sync_every == 0, sync, lambda: jnp.array(0))
            return t + 1, q.max() - target_bias.value.max() + synced

        _, td = lax.scan(step, 0, obs_seq)
        return td


def main():
    net = QNetWithTarget()
    obs = jax.random.normal(jax.random.key(0), (4, 5))
    variables = net.init(jax.random.key(1), obs)
    td, new_vars = net.apply(variables, obs, mutable=["target"])
    jax.tree.map(lambda a: a + 0, new_vars)
    return None
