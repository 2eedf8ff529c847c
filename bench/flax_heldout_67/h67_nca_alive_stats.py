# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the NCA rollout runs a raw scan inside @nn.compact and the body updates BatchNorm statistics applied with mutable=['batch_stats']
"""Neural CA for morphogenesis with a normalised perception layer, trained on full rollouts."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class NCARollout(nn.Module):
    channels: int = 8
    steps: int = 5

    @nn.compact
    def __call__(self, grid, train: bool = True):
        perceive = nn.Conv(self.channels * 3, (3, 3), feature_group_count=self.channels)
        norm = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        update = nn.Conv(self.channels, (1, 1), kernel_init=nn.initializers.zeros)
        update(norm(perceive(grid)))

        def grow(x, _):
            alive = nn.max_pool(x[..., 3:4], (3, 3), padding="SAME") > 0.1
            x = (x + update(norm(perceive(x)))) * alive
            return x, None

        x, _ = lax.scan(grow, grid, None, length=self.steps)
        return x


def main():
    grid = jnp.zeros((2, 8, 8, 8)).at[:, 4, 4, 3:].set(1.0)
    model = NCARollout()
    variables = model.init(jax.random.key(0), grid, train=False)
    out, updates = model.apply(variables, grid, train=True, mutable=["batch_stats"])
    new_vars = {**variables, **updates}
    model.apply(new_vars, grid, train=False).block_until_ready()
