# label: ok
# flax-error: none
# class: 1 the module's own refine_at_test_time method runs the fori_loop whose body calls its BatchNorm with the stored running averages
"""Iterative refinement network evaluated on a test batch with the statistics collected during
training, refined for a few iterations at test time."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class IterativeRefiner(nn.Module):
    features: int = 8
    num_iters: int = 3
    adapt_stats: bool = True

    def setup(self):
        self.stem = nn.Dense(self.features)
        self.norm = nn.BatchNorm(use_running_average=not self.adapt_stats, momentum=0.8)
        self.mix = nn.Dense(self.features)
        self.head = nn.Dense(2)

    def refine(self, h):
        return h + 0.5 * jnp.tanh(self.mix(self.norm(h)))

    def __call__(self, x):
        return self.head(self.refine(self.stem(x)))

    def refine_at_test_time(self, x):
        h = self.stem(x)
        h = lax.fori_loop(0, self.num_iters, lambda _, h: self.refine(h), h)
        return self.head(h)


def main():
    k_init, k_test = jax.random.split(jax.random.PRNGKey(1))
    train_model = IterativeRefiner(adapt_stats=True)
    variables = train_model.init(k_init, jnp.ones((4, 6)))

    eval_model = train_model.clone(adapt_stats=False)
    x_test = 3.0 + jax.random.normal(k_test, (4, 6))
    logits = eval_model.apply(variables, x_test, method=IterativeRefiner.refine_at_test_time)
    jax.block_until_ready(logits)
    return None
