# label: ok
# flax-error: none
# class: 5 make_replay_step() returns a jax.checkpoint-wrapped step that closes over the NNX signal model and seeds a fresh nnx.Rngs from the factory's key folded with the run id; the ReplayHarness scan body calls it
"""Traffic-signal timing replay under simulated loop-detector noise.

To check how robust the learned green-time allocation is, the harness replays one recorded
intersection snapshot many times with detector noise injected. The step function is built
by a factory, wrapped in jax.checkpoint because the production model is large, and seeds
its sensor-noise stream from the factory key folded with the replay run id.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class GreenTimeModel(nnx.Module):
    def __init__(self, approaches: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(approaches, 8, rngs=rngs)
        self.dec = nnx.Linear(8, approaches, rngs=rngs)

    def __call__(self, queues):
        return nnx.softmax(self.dec(nnx.relu(self.enc(queues))))


def make_replay_step(model: GreenTimeModel, seed_key, noise_scale: float = 0.2):
    def step(snapshot, run_id):
        rngs = nnx.Rngs(sensor=jax.random.fold_in(seed_key, run_id))
        noisy = snapshot + noise_scale * jax.random.normal(rngs.sensor(), snapshot.shape)
        return model(noisy)

    return jax.checkpoint(step)


class ReplayHarness:
    def __init__(self, step_fn, snapshot):
        self.step_fn = step_fn
        self.snapshot = snapshot

    def replay(self, n_runs: int):
        def body(_, run_id):
            return None, self.step_fn(self.snapshot, run_id)

        _, splits = jax.lax.scan(body, None, jnp.arange(n_runs))
        return splits


def main():
    model = GreenTimeModel(4, nnx.Rngs(0))
    step_fn = make_replay_step(model, jax.random.key(21))
    harness = ReplayHarness(step_fn, snapshot=jnp.array([12.0, 3.0, 7.0, 5.0]) / 10.0)
    return harness.replay(n_runs=6)
