# label: ok
# flax-error: none
# class: 4 params held by GlazeEditor.session enter the scan as carry and reach FireCommand.execute; each step's old params leave as ys and fill the undo stack after the loop
"""Ceramic kiln glaze tuning: each firing is a command that nudges the glaze
colour model towards a measured target; commands can be undone."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GlazeColour(nn.Module):
    @nn.compact
    def __call__(self, recipe):
        return nn.sigmoid(nn.Dense(3)(nn.gelu(nn.Dense(8)(recipe))))


class FiringSession:
    def __init__(self, model, params):
        self.model = model
        self.params = params


class UndoStack:
    def __init__(self):
        self._items = []

    def push(self, item):
        self._items.append(item)

    def pop(self):
        return self._items.pop()


class FireCommand:
    def __init__(self, recipe, target, lr=0.1):
        self.recipe, self.target, self.lr = recipe, target, lr

    def execute(self, editor, params):
        model = editor.session.model

        def loss(p):
            return ((model.apply({"params": p}, self.recipe) - self.target) ** 2).mean()

        value, grads = jax.value_and_grad(loss)(params)
        new_params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return value, new_params


class GlazeEditor:
    def __init__(self, session):
        self.session = session
        self.undo_stack = UndoStack()

    def fire_batch(self, recipes, targets):
        def step(params, batch):
            value, new_params = FireCommand(*batch).execute(self, params)
            return new_params, (value, params)

        final, (values, previous) = scan(step, self.session.params, (recipes, targets))
        for i in range(recipes.shape[0]):
            self.undo_stack.push(jax.tree.map(lambda a: a[i], previous))
        self.session.params = final
        return values.sum()

    def undo(self):
        self.session.params = self.undo_stack.pop()


def main():
    recipes = jax.random.uniform(jax.random.key(0), (4, 16, 6))
    targets = jax.random.uniform(jax.random.key(1), (4, 16, 3))
    model = GlazeColour()
    params = model.init(jax.random.key(2), recipes[0])["params"]
    editor = GlazeEditor(FiringSession(model, params))
    editor.fire_batch(recipes, targets)
    fired = model.apply({"params": editor.session.params}, recipes[0])
    editor.undo()
    restored = model.apply({"params": editor.session.params}, recipes[0])
    jnp.abs(fired - restored).max().block_until_ready()
    return None
