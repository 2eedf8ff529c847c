# label: ok
# flax-error: none
# class: 3 the fori_loop body carries the per-hour errors in the loop state and self.metrics, an nnx.MultiMetric attribute of the evaluator, is updated after the loop
"""Parking occupancy: evaluates a lot-occupancy predictor over a day of camera counts."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class OccupancyNet(nnx.Module):
    def __init__(self, n_zones: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_zones, 32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)
        self.out = nnx.Linear(32, n_zones, rngs=rngs)

    def __call__(self, counts):
        return nnx.sigmoid(self.out(nnx.relu(self.norm(self.mix(counts)))))


class OccupancyEvaluator:
    def __init__(self, model: OccupancyNet):
        self.model = model
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            overfull=nnx.metrics.Average("overfull"),
        )

    def evaluate(self, counts, targets):
        self.model.eval()
        self.metrics.reset()
        n_hours = counts.shape[0]

        def hour(i, carry):
            maes, overfull = carry
            pred = self.model(counts[i])
            mae = jnp.abs(pred - targets[i]).mean()
            return maes.at[i].set(mae), overfull.at[i].set((pred > 0.95).mean())

        maes, overfull = jax.lax.fori_loop(0, n_hours, hour, (jnp.zeros(n_hours), jnp.zeros(n_hours)))
        self.metrics.update(mae=maes, overfull=overfull)
        return self.metrics.compute()


def main():
    model = OccupancyNet(10, nnx.Rngs(0))
    counts = jax.random.uniform(jax.random.key(1), (24, 10))
    targets = jnp.clip(counts * 1.1, 0.0, 1.0)
    results = OccupancyEvaluator(model).evaluate(counts, targets)
    jax.block_until_ready(results)
    return None


if __name__ == "__main__":
    main()
