# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 batch_stats held by a StatsUnitOfWork over a StatsRepository; the scan body registers the mutated stats on the unit of work and commit() runs after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class AspectClassifier(nn.Module):
    aspects: int = 4

    @nn.compact
    def __call__(self, telemetry):
        h = nn.Dense(16)(telemetry)
        h = nn.BatchNorm(use_running_average=False, momentum=0.8)(h)
        return nn.Dense(self.aspects)(nn.tanh(h))


class StatsRepository:
    def __init__(self, batch_stats):
        self._rows = {"current": batch_stats}

    def get(self):
        return self._rows["current"]

    def put(self, batch_stats):
        self._rows["current"] = batch_stats


class StatsUnitOfWork:
    def __init__(self, repository):
        self.repository = repository
        self.pending = repository.get()

    def register(self, batch_stats):
        self.pending = batch_stats

    def commit(self):
        clipped = jax.tree.map(lambda a: jnp.clip(a, -1e4, 1e4), self.pending)
        self.repository.put(clipped)


class InterlockCalibrator:
    def __init__(self, model, params, repository):
        self.model = model
        self.params = params
        self.repository = repository

    def calibrate(self, windows):
        uow = StatsUnitOfWork(self.repository)

        def body(count, window):
            variables = {"params": self.params, "batch_stats": uow.pending}
            logits, mutated = self.model.apply(variables, window, mutable=["batch_stats"])
            uow.register(mutated["batch_stats"])
            return count + 1, jnp.argmax(logits, -1)

        _, aspects = jax.lax.scan(body, 0, windows)
        uow.commit()
        return aspects


def telemetry_windows(key, n_windows, block_count=5, channels=7):
    for i in range(n_windows):
        yield jax.random.normal(jax.random.fold_in(key, i), (block_count, channels))


def main():
    model = AspectClassifier()
    windows = jnp.stack(list(telemetry_windows(jax.random.key(3), 8)))
    variables = model.init(jax.random.key(0), windows[0])
    repository = StatsRepository(variables["batch_stats"])
    calibrator = InterlockCalibrator(model, variables["params"], repository)
    calibrator.calibrate(windows)
    return None
