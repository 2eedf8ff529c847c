# label: ok
# flax-error: none
# class: 4 batch_stats held by a StatsUnitOfWork over a StatsRepository; the stats go through the scan carry and are registered and committed after the loop
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

        def body(batch_stats, window):
            variables = {"params": self.params, "batch_stats": batch_stats}
            logits, mutated = self.model.apply(variables, window, mutable=["batch_stats"])
            return mutated["batch_stats"], jnp.argmax(logits, -1)

        batch_stats, aspects = jax.lax.scan(body, uow.pending, windows)
        uow.register(batch_stats)
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
