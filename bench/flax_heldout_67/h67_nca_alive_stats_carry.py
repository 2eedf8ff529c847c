# label: ok
# flax-error: none
# class: 4 the raw scan lives in a module-level rollout that receives model.apply; each step applies with mutable=['batch_stats'] and carries the stats
"""Neural CA for morphogenesis with a normalised perception layer, trained on full rollouts."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class NCAStep(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, x, train: bool = True):
        perceive = nn.Conv(self.channels * 3, (3, 3), feature_group_count=self.channels)
        norm = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        update = nn.Conv(self.channels, (1, 1), kernel_init=nn.initializers.zeros)
        alive = nn.max_pool(x[..., 3:4], (3, 3), padding="SAME") > 0.1
        return (x + update(norm(perceive(x)))) * alive


def rollout(apply_fn, params, batch_stats, grid, steps):
    def grow(carry, _):
        x, stats = carry
        x, updates = apply_fn({"params": params, "batch_stats": stats}, x, train=True, mutable=["batch_stats"])
        return (x, updates["batch_stats"]), None

    (x, batch_stats), _ = lax.scan(grow, (grid, batch_stats), None, length=steps)
    return x, batch_stats


def main():
    grid = jnp.zeros((2, 8, 8, 8)).at[:, 4, 4, 3:].set(1.0)
    model = NCAStep()
    variables = model.init(jax.random.key(0), grid, train=False)
    x, stats = rollout(model.apply, variables["params"], variables["batch_stats"], grid, steps=5)
    model.apply({"params": variables["params"], "batch_stats": stats}, grid, train=False).block_until_ready()
