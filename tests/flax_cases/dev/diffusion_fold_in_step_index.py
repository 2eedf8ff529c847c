# label: ok
# flax-error: none
# class: 4 sampler draws one key outside the scan and folds in the step index in the body
import flax.linen as nn
import jax
import jax.numpy as jnp


class AncestralSampler(nn.Module):
    steps: int = 5

    @nn.compact
    def __call__(self, x_T):
        eps_model = nn.Dense(2)
        eps_model(x_T)
        base_key = self.make_rng("noise")

        def step(x, t):
            z = jax.random.normal(jax.random.fold_in(base_key, t), x.shape)
            x = x - 0.1 * eps_model(x) + 0.1 * z
            return x, z

        _, zs = jax.lax.scan(step, x_T, jnp.arange(self.steps))
        return zs


def main():
    x = jnp.ones((4, 2))
    model = AncestralSampler()
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x)
    return model.apply(variables, x, rngs={"noise": jax.random.PRNGKey(5)})
