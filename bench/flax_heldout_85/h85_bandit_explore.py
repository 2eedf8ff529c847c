# label: same-values
# flax-error: none
# class: 2 the service's stored PRNG key is passed as rngs={"explore": self.key} to apply in every scan step
"""Online contextual-bandit service: Gumbel exploration noise on a Linen scorer."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ArmScorer(nn.Module):
    num_arms: int = 5

    @nn.compact
    def __call__(self, context):
        scores = nn.Dense(self.num_arms)(nn.tanh(nn.Dense(16)(context)))
        noise = jax.random.gumbel(self.make_rng("explore"), scores.shape)
        return scores + noise, noise


class BanditService:
    def __init__(self, seed=0, dim=8):
        self.model = ArmScorer()
        self.params = self.model.init(
            {"params": jax.random.PRNGKey(seed), "explore": jax.random.PRNGKey(seed + 1)}, jnp.ones((dim,)))["params"]
        self.key = jax.random.PRNGKey(seed + 2)

    def act(self, context):
        return self.model.apply({"params": self.params}, context, rngs={"explore": self.key})

    def serve_stream(self, contexts):
        def step(total, context):
            noisy, noise = self.act(context)
            arm = jnp.argmax(noisy)
            return total + arm, noise

        _, noise_log = lax.scan(step, jnp.zeros((), jnp.int32), contexts)
        return noise_log


def main():
    service = BanditService()
    contexts = jax.random.normal(jax.random.PRNGKey(7), (6, 8))
    return service.serve_stream(contexts)
