# label: ok
# flax-error: none
# class: 1 CueModel.run_show runs the scan itself; self.eval() is called before the scan and self(...) inside the body
"""Theatre lighting: predicts dimmer levels for each cue of a show from the cue-sheet features."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CueModel(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(6, 32, rngs=rngs)  # scene, mood, time of day, actors on stage, ...
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.dimmers = nnx.Linear(32, channels, rngs=rngs)

    def __call__(self, cue):
        h = self.drop(nnx.relu(self.norm(self.embed(cue))))
        return nnx.sigmoid(self.dimmers(h))

    def run_show(self, cue_sheet):
        self.eval()

        def cue_step(previous, cue):
            levels = self(cue)
            fade = jnp.abs(levels - previous).max(-1)
            return levels, fade

        _, fades = lax.scan(cue_step, jnp.zeros((cue_sheet.shape[1], self.dimmers.out_features)), cue_sheet)
        return fades


class ShowController:
    def __init__(self, channels=12):
        self.model = CueModel(channels, nnx.Rngs(0))

    def rehearse(self, cue_sheet):
        self.model.train()
        self.model(cue_sheet[0])  # warm up the running statistics on the first cue
        return self.model.run_show(cue_sheet)


def main():
    cue_sheet = jax.random.uniform(jax.random.key(1), (20, 3, 6))  # 20 cues, 3 stage areas
    ShowController().rehearse(cue_sheet)
