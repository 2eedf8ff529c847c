# label: ok
# flax-error: none
# class: 2 setup submodules (eval-mode BatchNorm, deterministic Dropout) called once before the loop, then reused read-only in the raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class S4LikeLayer(nn.Module):
    d_model: int = 8

    def setup(self):
        self.norm = nn.BatchNorm(use_running_average=True)
        self.mix = nn.Dense(self.d_model)
        self.drop = nn.Dropout(0.1, deterministic=True)
        self.decay = self.param("decay", nn.initializers.constant(0.9), (self.d_model,))

    def __call__(self, u):  # (T, B, d_model)
        u0 = self.mix(self.norm(u[0]))

        def ssm_step(x, u_t):
            x = self.decay * x + self.drop(self.mix(self.norm(u_t)))
            return x, x

        _, ys = jax.lax.scan(ssm_step, jnp.zeros_like(u0), u)
        return ys


def main():
    u = jax.random.normal(jax.random.PRNGKey(0), (9, 2, 8))
    layer = S4LikeLayer()
    variables = layer.init(jax.random.PRNGKey(1), u)
    ys = layer.apply(variables, u)
    jnp.sum(ys).block_until_ready()
    return None
