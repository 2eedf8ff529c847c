# label: ok
# flax-error: none
# class: 3 a lax.cond branch in the scan body copies the online Dense's concrete bias into a closed-over `target` variable
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

class QNetWithTarget(nn.Module):
    @nn.compact
    def __call__(self, obs_seq):
        q_layer = nn.Dense(3)
        q_layer(obs_seq[0])
        target_bias = self.variable("target", "bias", jnp.zeros, (3,))

        def sync():
            target_bias.value = q_layer.variables["params"]["bias"]
            return jnp.array(1)

        def step(t, obs):
            synced = lax.cond(t % 2 == 0, sync, lambda: jnp.array(0))
            return t + 1, q_layer(obs).max() - target_bias.value.max() + synced

        return lax.scan(step, 0, obs_seq)[1]


def main():
    model = QNetWithTarget()
    obs_seq = jnp.ones((5, 4))
    variables = model.init(jax.random.key(0), obs_seq)
    _, updates = model.apply(variables, obs_seq, mutable=["target"])
    jax.tree.map(lambda a: a + 0, updates)
