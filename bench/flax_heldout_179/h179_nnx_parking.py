# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the fori_loop body updates self.metrics, an nnx.MultiMetric attribute of the evaluator
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

        def hour(i, carry):
            pred = self.model(counts[i])
            mae = jnp.abs(pred - targets[i]).mean()
            self.metrics.update(mae=mae, overfull=(pred > 0.95).mean())
            return carry + mae

        jax.lax.fori_loop(0, counts.shape[0], hour, jnp.array(0.0))
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
