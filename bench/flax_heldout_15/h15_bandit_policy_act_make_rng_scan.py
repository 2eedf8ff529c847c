# label: same-values
# flax-error: none
# class: 3 play method's lax.scan body calls the helper method act(), which samples an arm with self.make_rng
import jax
import jax.numpy as jnp
import flax.linen as nn


class BanditPolicy(nn.Module):
    num_arms: int = 6

    @nn.compact
    def __call__(self, context):
        h = nn.relu(nn.Dense(16)(context))
        return nn.Dense(self.num_arms)(h)

    def act(self, context):
        logits = self(context)
        return jax.random.categorical(self.make_rng("action"), logits)

    def play(self, context, arm_means, rounds):
        def round_fn(total, _):
            arm = self.act(context)
            return total + arm_means[arm], arm

        total, arms = jax.lax.scan(round_fn, 0.0, None, length=rounds)
        return arms


def main():
    policy = BanditPolicy()
    context = jnp.array([0.3, -0.2, 0.5])
    variables = policy.init(jax.random.key(0), context)
    arm_means = jnp.linspace(0.0, 1.0, 6)
    arms = policy.apply(variables, context, arm_means, 20, method=BanditPolicy.play,
                        rngs={"action": jax.random.key(11)})
    return arms
