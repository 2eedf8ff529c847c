# label: ok
# flax-error: none
# class: 5 make_checkpointed_step returns a jax.checkpoint-wrapped step run by fori_loop; the step applies with mutable=["track"] and returns the updated collection in the carry, recorded on SplitTracker after the loop
"""Dog-sled racing: running split times and the best speed seen, checkpoint to checkpoint.

The timing service wraps its per-checkpoint step in jax.checkpoint (the GPS sequences are long)
and keeps the tracker's latest "track" collection for the live leaderboard.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class SplitModel(nn.Module):
    @nn.compact
    def __call__(self, gps_window):
        speed = jax.nn.softplus(nn.Dense(1, name="speed")(gps_window))[0]
        best = self.variable("track", "best_speed", lambda: jnp.zeros(()))
        elapsed = self.variable("track", "elapsed_h", lambda: jnp.zeros(()))
        best.value = jnp.maximum(best.value, speed)
        elapsed.value = elapsed.value + 1.0 / (speed + 1.0)
        return speed


class SplitTracker:
    def __init__(self, track):
        self.latest = track

    def record(self, track):
        self.latest = track

    def leaderboard_row(self, bib):
        return {"bib": bib, "best": self.latest["best_speed"] * 1.0, "elapsed": self.latest["elapsed_h"] * 1.0}


def make_checkpointed_step(model, params, windows, tracker):
    @jax.checkpoint
    def step(i, carry):
        distance, track = carry
        speed, updated = model.apply({"params": params, "track": track}, windows[i], mutable=["track"])
        return distance + speed, updated["track"]

    return step


def main():
    windows = jax.random.normal(jax.random.key(17), (6, 4))  # 6 checkpoints, 4 GPS features
    model = SplitModel()
    variables = model.init(jax.random.key(0), windows[0])
    tracker = SplitTracker(variables["track"])
    step = make_checkpointed_step(model, variables["params"], windows, tracker)
    distance, track = fori_loop(0, windows.shape[0], step, (jnp.zeros(()), tracker.latest))
    tracker.record(track)
    row = tracker.leaderboard_row(bib=42)
    print("distance", float(distance), "best speed", float(row["best"]))
    return None


if __name__ == "__main__":
    main()
